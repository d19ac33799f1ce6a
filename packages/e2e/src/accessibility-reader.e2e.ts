import { accessibilityWalk } from './accessibility';

// The reader's own pages: read-only forms, what is hidden or refused. The dialogs are the admin walk's.
accessibilityWalk('reader@demo.local', { overlays: false });
