import { GroupForm } from './GroupForm';

/** product.md §2 /dashboard/creerungroupe: 'CRÉATION D'UN GROUPE'. */
export default function GroupCreatePage() {
  return <GroupForm group={null} />;
}
