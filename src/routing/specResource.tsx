/**
 * Props for a `<Resource>` that mount its detail page at `/{resource}/{id}` and its form at
 * `/{resource}/{id}/edit` (react-admin's own routes would be `/:id/show` and `/:id`).
 * App.tsx spreads it into each resource's `<Resource>`.
 */
import type { ComponentType } from 'react';
import { Route } from 'react-router-dom';
import type { ResourceProps } from 'react-admin';

type ResourceOfModule = {
  name: string;
  views: { list?: ComponentType; show?: ComponentType; edit?: ComponentType; create?: ComponentType };
  icon?: ComponentType;
  recordRepresentation?: ResourceProps['recordRepresentation'];
};

export function specResource({ name, views: { list, show: Show, edit: Edit, create }, icon, recordRepresentation }: ResourceOfModule) {
  return {
    name,
    list,
    create,
    icon,
    recordRepresentation,
    hasShow: !!Show,
    hasEdit: !!Edit,
    children: [
      Edit && <Route key="edit" path=":id/edit/*" element={<Edit />} />,
      Show && <Route key="show" path=":id/*" element={<Show />} />,
    ],
  } satisfies ResourceProps;
}
