import { ActivityList } from '../features/activity/activity-list.tsx';

/** The activity log's screen; loaded on demand (src/app/screens.ts). */
export function ActivityScreen() {
  return <ActivityList />;
}
