import { SelectInput } from '../../components/form-inputs';
import { useCompanyOptions } from '../../lib/company-options';

/**
 * The company a register's import or report is for, chosen among the single companies of the
 * scope (a group's members, or all companies), by name.
 */
export function CompanySelect({
  label,
  scopeId,
  value,
  onChange,
}: {
  label: string;
  scopeId: string | null;
  value: string | null;
  onChange: (companyId: string | null) => void;
}) {
  const companies = useCompanyOptions(true);
  const options = (companies.data ?? [])
    .filter((c) => c.isActive && c.type !== 'Group' && (!scopeId || c.id === scopeId || c.parentCompanyId === scopeId))
    .sort((a, b) => a.name.localeCompare(b.name, 'de'))
    .map((c) => ({ value: c.id, label: c.name }));
  return <SelectInput<string> label={label} name="companyId" value={value} onChange={onChange} required options={options} />;
}
