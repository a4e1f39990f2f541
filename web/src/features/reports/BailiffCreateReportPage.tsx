import { CreateReportForm } from './CreateReportPage';

/** product.md §2 'Créer un constat' for the bailiff himself: no bailiff select; back to his list. */
export default function BailiffCreateReportPage() {
  return <CreateReportForm createdPath="/dashboard/constats-en-cours-moi-huissier" cancelPath="/dashboard" />;
}
