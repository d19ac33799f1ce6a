import { accessibilityWalk } from './accessibility';

accessibilityWalk('reader@demo.local');
