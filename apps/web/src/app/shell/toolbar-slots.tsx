import { UploadIndicator } from '../../components/upload-indicator';
import { SearchBar } from '../../features/search/search-bar';

// Slots for toolbar features that come in later issues. They render nothing until then: a
// disabled-looking placeholder would promise something the app cannot do yet.

/** File upload indicator: shows while attachments upload. */
export function UploadIndicatorSlot() {
  return <UploadIndicator />;
}

/** Search bar with its 500 px result panel. */
export function SearchBarSlot() {
  return <SearchBar />;
}
