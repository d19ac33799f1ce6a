/**
 * What a company archive holds per entity: the table, and each column with what it refers to.
 * The column names are the archive's field names (docs/company-export.md); the importer writes
 * only these columns, so an archive can never set anything else.
 *
 * - `id`: the row's own id; the importer gives the row a new one and remaps every reference.
 * - `company`, `project`, `response`: a row of the archive the row belongs to (must be there).
 * - `item`: an item of the archive, or nothing when the archive does not hold it.
 * - `itemAny`: an item id kept as a reference only (history of deleted items): remapped consistently.
 * - `user`: a person, matched by e-mail among the people the importer sees, else nothing.
 * - `userRequired`: as `user`, else the importing user.
 * - `json`: a JSON value whose ids of archive rows (links, tags inside `data`) are remapped.
 * - `file`: the content hash of a file stored under `files/<hash>` in the archive.
 * - `secret`: replaced by a fresh random value (a questionnaire link's key does not move).
 * - `value`: copied as it is.
 */
export type ColumnRole =
  | 'id'
  | 'company'
  | 'project'
  | 'response'
  | 'item'
  | 'itemAny'
  | 'user'
  | 'userRequired'
  | 'json'
  | 'file'
  | 'secret'
  | 'value';

export interface EntityDef {
  /** The archive file `entities/<name>.json` and the key in the manifest. */
  name: string;
  table: string;
  columns: Record<string, ColumnRole>;
}

const v = 'value' as const;

/** In the order the importer writes them (a row's references come before it). */
export const entities: readonly EntityDef[] = [
  {
    name: 'companies',
    table: 'company',
    columns: {
      id: 'id',
      name: v,
      type: v,
      parent_id: 'company',
      is_active: v,
      is_demo: v,
      is_responsible_party: v,
      is_data_processor: v,
      is_data_privacy_agency: v,
      logo_hash: 'file',
      address_line1: v,
      address_line2: v,
      country: v,
      zip_code: v,
      city: v,
      phone_number: v,
      fax_number: v,
      url: v,
      email_address: v,
      registration_authority: v,
      registration_number: v,
      vat_number: v,
      dpa_firstname: v,
      dpa_lastname: v,
      dpa_address_line1: v,
      dpa_address_line2: v,
      dpa_country: v,
      dpa_zip_code: v,
      dpa_city: v,
      dpa_phone_number: v,
      dpa_email_address: v,
      data_privacy_agent_id: 'user',
      ip_allow_list: v,
      password_expiry_days: v,
      created_at: v,
    },
  },
  { name: 'tags', table: 'tag', columns: { id: 'id', company_id: 'company', type: v, name: v, description: v, created_at: v } },
  { name: 'text-modules', table: 'text_module', columns: { company_id: 'company', name: v, created_at: v } },
  {
    name: 'items',
    table: 'item',
    columns: {
      id: 'id',
      company_id: 'company',
      type: v,
      number: v,
      number_label: v,
      name: v,
      description: v,
      status: v,
      due_date: v,
      owner_id: 'user',
      assignee_id: 'user',
      parent_type: v,
      parent_id: 'item',
      data: 'json',
      created_at: v,
      created_by: 'user',
      updated_at: v,
      updated_by: 'user',
    },
  },
  { name: 'item-counters', table: 'item_counter', columns: { company_id: 'company', type: v, last: v } },
  {
    name: 'history',
    table: 'item_history',
    columns: {
      id: 'id',
      item_id: 'itemAny',
      company_id: 'company',
      type: v,
      name: v,
      action: v,
      user_id: 'user',
      at: v,
      changes: 'json',
    },
  },
  {
    name: 'attachments',
    table: 'attachment',
    columns: {
      id: 'id',
      company_id: 'company',
      item_id: 'item',
      file_hash: 'file',
      file_name: v,
      mime_type: v,
      size: v,
      uploaded_by: 'user',
      created_at: v,
    },
  },
  {
    name: 'appointments',
    table: 'appointment',
    columns: {
      id: 'id',
      company_id: 'company',
      title: v,
      starts_at: v,
      ends_at: v,
      attendees: v,
      item_id: 'item',
      created_by: 'user',
      created_at: v,
    },
  },
  {
    name: 'projects',
    table: 'project',
    columns: {
      id: 'id',
      company_id: 'company',
      name: v,
      valid_from: v,
      valid_until: v,
      budget_hours: v,
      budget_period: v,
      flat_rate: v,
      hourly_rate: v,
      is_active: v,
      created_at: v,
    },
  },
  {
    name: 'project-rates',
    table: 'project_rate',
    columns: { project_id: 'project', company_id: 'company', user_id: 'user', hourly_rate: v },
  },
  {
    name: 'project-planned-hours',
    table: 'project_planned_hours',
    columns: { project_id: 'project', company_id: 'company', month: v, hours: v },
  },
  {
    name: 'time-records',
    table: 'time_record',
    columns: {
      id: 'id',
      company_id: 'company',
      project_id: 'project',
      user_id: 'userRequired',
      day: v,
      start_time: v,
      end_time: v,
      hours: v,
      item_id: 'item',
      description: v,
      billable: v,
      created_at: v,
    },
  },
  {
    name: 'questionnaires',
    table: 'questionnaire_response',
    columns: {
      id: 'id',
      company_id: 'company',
      item_id: 'item',
      template_key: v,
      template: v,
      recipient_email: v,
      language: v,
      due_date: v,
      expires_at: v,
      key_hash: 'secret',
      answers: 'json',
      saved_at: v,
      submitted_at: v,
      sent_by: 'user',
      created_at: v,
    },
  },
  {
    name: 'questionnaire-files',
    table: 'questionnaire_file',
    columns: {
      id: 'id',
      company_id: 'company',
      response_id: 'response',
      question_id: v,
      file_hash: 'file',
      file_name: v,
      mime_type: v,
      size: v,
      created_at: v,
    },
  },
];
