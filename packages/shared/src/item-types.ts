/**
 * Every compliance-item type, keyed by its route segment. `claim` is the prefix of
 * its Read/Write claim pair; `code` is the three-letter radar label.
 */
export const itemTypes = [
  { key: 'issue', route: '/issues', claim: 'Issue', code: 'ISS' },
  { key: 'process', route: '/process', claim: 'Process', code: 'PRO' },
  { key: 'impact-assessment', route: '/impact-assessment', claim: 'ImpactAssessment', code: 'DSF' },
  { key: 'pdca-list', route: '/pdca-list', claim: 'PdcaCycle', code: 'PDC' },
  {
    key: 'service-agreement-with-provider',
    route: '/service-agreement-with-provider',
    claim: 'ServiceAgreementWithProvider',
    code: 'AVP',
  },
  {
    key: 'service-agreement-with-client',
    route: '/service-agreement-with-client',
    claim: 'ServiceAgreementWithClient',
    code: 'AVC',
  },
  {
    key: 'service-agreement-with-shared-responsibility',
    route: '/service-agreement-with-shared-responsibility',
    claim: 'ServiceAgreementWithSharedResponsibility',
    code: 'GEM',
  },
  { key: 'training', route: '/training', claim: 'Training', code: 'SCH' },
  { key: 'audit', route: '/audit', claim: 'Audit', code: 'AUD' },
  { key: 'measure', route: '/measure', claim: 'Measure', code: 'TOM' },
  { key: 'website', route: '/website', claim: 'Website', code: 'WEB' },
  { key: 'hr', route: '/hr', claim: 'Hr', code: 'PER' },
  { key: 'storage-period', route: '/storage-period', claim: 'StoragePeriod', code: 'LOE' },
  { key: 'privacy-request', route: '/privacy-request', claim: 'PrivacyRequest', code: 'ANF' },
  { key: 'data-breach', route: '/data-breach', claim: 'DataBreach', code: 'PAN' },
  { key: 'summary', route: '/summary', claim: 'Summary', code: 'BER' },
  { key: 'standard-process', route: '/standard-process', claim: 'StandardProcess', code: 'STD' },
  { key: 'concept', route: '/concept', claim: 'Concept', code: 'KON' },
  { key: 'dynamic-document', route: '/dynamic-document', claim: 'DynamicDocument', code: 'DOK' },
  { key: 'organisation-unit', route: '/organisation-unit', claim: 'OrganisationUnit', code: 'ORG' },
] as const;

export type ItemTypeKey = (typeof itemTypes)[number]['key'];
