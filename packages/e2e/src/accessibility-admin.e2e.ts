import { accessibilityWalk } from './accessibility';

accessibilityWalk('admin@demo.local', { overlays: true });
