import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';

/**
 * A checkbox's look for a menu item or list option that is itself checkable (menuitemcheckbox,
 * an option of a multiple select): only a picture, because a checkbox control inside such an item
 * is a second, unnamed control nested in an interactive one. The item says whether it is checked.
 */
export function CheckMark({ checked }: { checked: boolean }) {
  const Icon = checked ? CheckBox : CheckBoxOutlineBlank;
  return <Icon aria-hidden fontSize="small" sx={{ color: checked ? 'primary.main' : 'text.secondary' }} />;
}
