import { NewsForm } from './NewsForm';

/** product.md §2 /dashboard/createanews: 'CRÉER UNE ACTUALITÉ' (sent to the secretaries). */
export default function NewsCreatePage() {
  return <NewsForm news={null} />;
}
