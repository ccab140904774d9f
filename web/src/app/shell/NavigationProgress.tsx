import { useNavigation } from 'react-router';

/** A thin bar at the top of the window while the next page loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return <div className="nav-progress" data-active={busy} aria-hidden />;
}
