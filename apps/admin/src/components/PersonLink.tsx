import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

/**
 * A campaign's artist, curator or influencer named as a link to their user overview, opened on its
 * Campaigns tab (issue 36 "Lists": from a campaign to its people; the tab's rows link back).
 */
export function PersonLink({ person }: { person: { id: number; name: string } }) {
  return (
    <Anchor
      component={Link}
      to={`/users/${person.id}?tab=campaigns`}
      size="sm"
      data-testid={`person-${person.id}`}
    >
      {person.name}
    </Anchor>
  );
}
