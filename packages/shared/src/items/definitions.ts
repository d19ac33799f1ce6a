import type { ItemTypeKey } from '../item-types';
import type { FieldDef } from './fields';

/** How an item's due date comes about. */
export type DeadlineRule =
  | { kind: 'manual' }
  /** Art. 33: the authority must be told within 72 hours of discovery. */
  | { kind: 'breach-72h' }
  /** Art. 12(3): one month from receipt, two more when extended. */
  | { kind: 'request-1m' };

export interface ItemTypeDef {
  key: ItemTypeKey;
  /** Number prefix: numbers read e.g. VT-0001. */
  prefix: string;
  fields: readonly FieldDef[];
  /** List columns after number and name: core keys (status, dueDate, assignee, owner, company, tags) or data keys. */
  columns: readonly string[];
  deadline: DeadlineRule;
  /** Counts in the dashboard progress tiles and the privacy radar. */
  progress: boolean;
}

const legalBases = ['art6_1_a', 'art6_1_b', 'art6_1_c', 'art6_1_d', 'art6_1_e', 'art6_1_f', 'art9_2'] as const;
const transferSafeguards = ['adequacy', 'scc', 'bcr', 'art49', 'none'] as const;
const measureCategories = [
  'accessControl',
  'entryControl',
  'transferControl',
  'inputControl',
  'encryption',
  'pseudonymisation',
  'availability',
  'resilience',
  'recovery',
  'testing',
  'organisational',
] as const;
const riskLevels = ['low', 'medium', 'high', 'veryHigh'] as const;

const agreementFields: readonly FieldDef[] = [
  { key: 'counterparty', kind: 'text', required: true },
  { key: 'subject', kind: 'textarea' },
  { key: 'dataCategories', kind: 'tags', tagType: 'data-categories' },
  { key: 'personGroups', kind: 'tags', tagType: 'person-groups' },
  { key: 'subProcessors', kind: 'textarea' },
  { key: 'thirdCountries', kind: 'text' },
  { key: 'transferSafeguard', kind: 'select', options: 'transferSafeguard', values: transferSafeguards },
  { key: 'contractDate', kind: 'date' },
  { key: 'reviewDate', kind: 'date' },
  { key: 'signed', kind: 'boolean' },
];

export const itemTypeDefs: Record<ItemTypeKey, ItemTypeDef> = {
  issue: {
    key: 'issue',
    prefix: 'AUF',
    fields: [
      { key: 'priority', kind: 'select', options: 'priority', values: ['High', 'Low'], required: true },
      { key: 'assignedDueDate', kind: 'date' },
    ],
    columns: ['status', 'priority', 'dueDate', 'assignedDueDate', 'assignee', 'company'],
    deadline: { kind: 'manual' },
    progress: false,
  },
  process: {
    key: 'process',
    prefix: 'VT',
    fields: [
      { key: 'role', kind: 'select', options: 'processRole', values: ['controller', 'processor'], required: true },
      { key: 'purposes', kind: 'textarea' },
      { key: 'legalBases', kind: 'multiselect', options: 'legalBasis', values: legalBases },
      { key: 'personGroups', kind: 'tags', tagType: 'person-groups' },
      { key: 'dataCategories', kind: 'tags', tagType: 'data-categories' },
      { key: 'specialCategories', kind: 'boolean' },
      { key: 'recipients', kind: 'textarea' },
      { key: 'thirdCountryTransfer', kind: 'boolean' },
      { key: 'thirdCountries', kind: 'text' },
      { key: 'transferSafeguard', kind: 'select', options: 'transferSafeguard', values: transferSafeguards },
      { key: 'storagePeriods', kind: 'links', itemType: 'storage-period' },
      { key: 'measures', kind: 'links', itemType: 'measure' },
      { key: 'processors', kind: 'links', itemType: 'service-agreement-with-provider' },
      { key: 'websites', kind: 'links', itemType: 'website' },
      { key: 'department', kind: 'text' },
      { key: 'processCategories', kind: 'tags', tagType: 'process-categories' },
      { key: 'dpiaRequired', kind: 'boolean' },
      { key: 'dpiaReasons', kind: 'textarea' },
    ],
    columns: ['status', 'role', 'department', 'tags', 'dueDate', 'company'],
    deadline: { kind: 'manual' },
    progress: true,
  },
  'impact-assessment': {
    key: 'impact-assessment',
    prefix: 'DSFA',
    fields: [
      { key: 'processes', kind: 'links', itemType: 'process' },
      { key: 'necessity', kind: 'textarea' },
      {
        key: 'risks',
        kind: 'list',
        of: [
          { key: 'description', kind: 'text', required: true },
          { key: 'likelihood', kind: 'number', integer: true, min: 1, max: 4, required: true },
          { key: 'severity', kind: 'number', integer: true, min: 1, max: 4, required: true },
        ],
      },
      { key: 'measures', kind: 'links', itemType: 'measure' },
      { key: 'residualRisk', kind: 'select', options: 'riskLevel', values: riskLevels },
      { key: 'dpoOpinion', kind: 'textarea' },
      { key: 'priorConsultation', kind: 'boolean' },
    ],
    columns: ['status', 'riskLevel', 'residualRisk', 'dueDate', 'company'],
    deadline: { kind: 'manual' },
    progress: true,
  },
  'pdca-list': {
    key: 'pdca-list',
    prefix: 'PDCA',
    fields: [
      { key: 'planStart', kind: 'date' },
      { key: 'planEnd', kind: 'date' },
      { key: 'doEnd', kind: 'date' },
      { key: 'checkEnd', kind: 'date' },
      { key: 'actEnd', kind: 'date' },
      { key: 'phase', kind: 'select', options: 'pdcaPhase', values: ['plan', 'do', 'check', 'act', 'finished'], required: true },
    ],
    columns: ['status', 'phase', 'dueDate', 'assignee', 'company'],
    deadline: { kind: 'manual' },
    progress: false,
  },
  'service-agreement-with-provider': {
    key: 'service-agreement-with-provider',
    prefix: 'AVV',
    fields: agreementFields,
    columns: ['status', 'counterparty', 'reviewDate', 'signed', 'company'],
    deadline: { kind: 'manual' },
    progress: false,
  },
  'service-agreement-with-client': {
    key: 'service-agreement-with-client',
    prefix: 'AVK',
    fields: agreementFields,
    columns: ['status', 'counterparty', 'reviewDate', 'signed', 'company'],
    deadline: { kind: 'manual' },
    progress: false,
  },
  'service-agreement-with-shared-responsibility': {
    key: 'service-agreement-with-shared-responsibility',
    prefix: 'GV',
    fields: agreementFields,
    columns: ['status', 'counterparty', 'reviewDate', 'signed', 'company'],
    deadline: { kind: 'manual' },
    progress: false,
  },
  training: {
    key: 'training',
    prefix: 'SCH',
    fields: [
      { key: 'topic', kind: 'text', required: true },
      { key: 'date', kind: 'date' },
      { key: 'trainer', kind: 'text' },
      {
        key: 'participants',
        kind: 'list',
        of: [
          { key: 'name', kind: 'text', required: true },
          { key: 'attended', kind: 'boolean' },
        ],
      },
    ],
    columns: ['status', 'topic', 'date', 'dueDate', 'company'],
    deadline: { kind: 'manual' },
    progress: true,
  },
  audit: {
    key: 'audit',
    prefix: 'AUD',
    fields: [
      { key: 'scope', kind: 'textarea' },
      { key: 'auditor', kind: 'text' },
      { key: 'date', kind: 'date' },
      { key: 'findings', kind: 'textarea' },
      { key: 'result', kind: 'select', options: 'auditResult', values: ['passed', 'passedWithFindings', 'failed'] },
    ],
    columns: ['status', 'auditor', 'date', 'result', 'dueDate', 'company'],
    deadline: { kind: 'manual' },
    progress: true,
  },
  measure: {
    key: 'measure',
    prefix: 'TOM',
    fields: [
      { key: 'category', kind: 'select', options: 'measureCategory', values: measureCategories, required: true },
      { key: 'implementation', kind: 'select', options: 'implementation', values: ['planned', 'partial', 'implemented'] },
      { key: 'reviewDate', kind: 'date' },
      { key: 'catalogueKey', kind: 'text', max: 100 },
    ],
    columns: ['status', 'category', 'implementation', 'reviewDate', 'company'],
    deadline: { kind: 'manual' },
    progress: true,
  },
  website: {
    key: 'website',
    prefix: 'WEB',
    fields: [
      { key: 'url', kind: 'text', required: true },
      { key: 'privacyNotice', kind: 'boolean' },
      { key: 'imprint', kind: 'boolean' },
      { key: 'cookieConsent', kind: 'boolean' },
      { key: 'trackers', kind: 'textarea' },
      { key: 'lastCheck', kind: 'date' },
    ],
    columns: ['status', 'url', 'lastCheck', 'dueDate', 'company'],
    deadline: { kind: 'manual' },
    progress: true,
  },
  hr: {
    key: 'hr',
    prefix: 'PER',
    fields: [
      { key: 'employee', kind: 'text' },
      {
        key: 'kind',
        kind: 'select',
        options: 'hrKind',
        values: ['confidentiality', 'onboarding', 'offboarding', 'other'],
        required: true,
      },
      { key: 'signedOn', kind: 'date' },
    ],
    columns: ['status', 'employee', 'kind', 'dueDate', 'company'],
    deadline: { kind: 'manual' },
    progress: true,
  },
  'storage-period': {
    key: 'storage-period',
    prefix: 'LF',
    fields: [
      { key: 'dataCategories', kind: 'tags', tagType: 'data-categories' },
      { key: 'period', kind: 'text', required: true },
      { key: 'legalBasis', kind: 'text' },
      { key: 'startEvent', kind: 'text' },
      { key: 'deletionMethod', kind: 'text' },
    ],
    columns: ['status', 'period', 'legalBasis', 'tags', 'company'],
    deadline: { kind: 'manual' },
    progress: false,
  },
  'privacy-request': {
    key: 'privacy-request',
    prefix: 'BA',
    fields: [
      {
        key: 'requestType',
        kind: 'select',
        options: 'requestType',
        values: ['access', 'rectification', 'erasure', 'restriction', 'portability', 'objection', 'automatedDecision'],
        required: true,
      },
      { key: 'requester', kind: 'text', required: true },
      { key: 'receivedDate', kind: 'date', required: true },
      { key: 'identityVerified', kind: 'boolean' },
      { key: 'extended', kind: 'boolean' },
      { key: 'extensionReason', kind: 'textarea' },
      { key: 'respondedDate', kind: 'date' },
      { key: 'response', kind: 'textarea' },
    ],
    columns: ['status', 'requestType', 'requester', 'receivedDate', 'dueDate', 'company'],
    deadline: { kind: 'request-1m' },
    progress: true,
  },
  'data-breach': {
    key: 'data-breach',
    prefix: 'DP',
    fields: [
      { key: 'discoveredAt', kind: 'datetime', required: true },
      { key: 'occurredAt', kind: 'datetime' },
      { key: 'nature', kind: 'textarea' },
      { key: 'personGroups', kind: 'tags', tagType: 'person-groups' },
      { key: 'dataCategories', kind: 'tags', tagType: 'data-categories' },
      { key: 'approxSubjects', kind: 'number', integer: true, min: 0 },
      { key: 'approxRecords', kind: 'number', integer: true, min: 0 },
      { key: 'consequences', kind: 'textarea' },
      { key: 'measuresTaken', kind: 'textarea' },
      { key: 'riskLevel', kind: 'select', options: 'breachRisk', values: ['none', 'risk', 'highRisk'] },
      { key: 'notifiedAt', kind: 'datetime' },
      { key: 'subjectsInformed', kind: 'boolean' },
    ],
    columns: ['status', 'discoveredAt', 'authorityDeadline', 'riskLevel', 'notifiedAt', 'company'],
    deadline: { kind: 'breach-72h' },
    progress: false,
  },
  summary: {
    key: 'summary',
    prefix: 'TB',
    fields: [
      { key: 'periodFrom', kind: 'date', required: true },
      { key: 'periodUntil', kind: 'date', required: true },
      { key: 'report', kind: 'textarea', rows: 12 },
    ],
    columns: ['status', 'periodFrom', 'periodUntil', 'company'],
    deadline: { kind: 'manual' },
    progress: false,
  },
  'standard-process': {
    key: 'standard-process',
    prefix: 'SP',
    fields: [
      { key: 'trigger', kind: 'text' },
      { key: 'steps', kind: 'textarea', rows: 10 },
      { key: 'responsible', kind: 'text' },
    ],
    columns: ['status', 'responsible', 'dueDate', 'company'],
    deadline: { kind: 'manual' },
    progress: true,
  },
  concept: {
    key: 'concept',
    prefix: 'KON',
    fields: [
      {
        key: 'conceptType',
        kind: 'select',
        options: 'conceptType',
        values: ['deletion', 'authorisation', 'backup', 'emergency', 'other'],
        required: true,
      },
      {
        key: 'sections',
        kind: 'list',
        of: [
          { key: 'title', kind: 'text', required: true },
          { key: 'content', kind: 'textarea' },
        ],
      },
    ],
    columns: ['status', 'conceptType', 'dueDate', 'company'],
    deadline: { kind: 'manual' },
    progress: true,
  },
  'dynamic-document': {
    key: 'dynamic-document',
    prefix: 'DOK',
    fields: [{ key: 'template', kind: 'textarea', rows: 14, required: true }],
    columns: ['status', 'dueDate', 'company'],
    deadline: { kind: 'manual' },
    progress: false,
  },
  /** Departments and teams: the containers of the organisation diagram. */
  'organisation-unit': {
    key: 'organisation-unit',
    prefix: 'OE',
    fields: [
      { key: 'parentUnit', kind: 'links', itemType: 'organisation-unit', max: 1 },
      { key: 'processes', kind: 'links', itemType: 'process' },
      { key: 'head', kind: 'text' },
    ],
    columns: ['head', 'status', 'company'],
    deadline: { kind: 'manual' },
    progress: false,
  },
};
