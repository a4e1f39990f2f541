// The events a webhook subscribes to, the dotted names receivers read (`X-Constats-Event`) and their
// French names: the « Webhooks » screen lists them, the server sends and documents them.

/** Every event, in the order the « Webhooks » screen lists them. */
export const WEBHOOK_EVENTS = [
  'REPORT_CREATED',
  'REPORT_CHANGED',
  'REPORT_TERMINATED',
  'BILL_GENERATED',
  'BILL_SENT',
  'BILL_PAID',
  'SECRETARY_BILL_DEPOSITED',
] as const;

export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

/** The name a receiver reads in `X-Constats-Event` and the body's `event`. */
export const WEBHOOK_EVENT_NAMES: Record<WebhookEventName, string> = {
  REPORT_CREATED: 'report.created',
  REPORT_CHANGED: 'report.changed',
  REPORT_TERMINATED: 'report.terminated',
  BILL_GENERATED: 'bill.generated',
  BILL_SENT: 'bill.sent',
  BILL_PAID: 'bill.paid',
  SECRETARY_BILL_DEPOSITED: 'secretary_bill.deposited',
};

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventName, string> = {
  REPORT_CREATED: 'Constat créé',
  REPORT_CHANGED: 'Constat modifié',
  REPORT_TERMINATED: 'Constat terminé',
  BILL_GENERATED: 'Facture générée',
  BILL_SENT: 'Facture envoyée',
  BILL_PAID: 'Facture payée',
  SECRETARY_BILL_DEPOSITED: 'Facture de secrétaire déposée',
};

/** The longest webhook address the server takes (the screen stops typing there). */
export const WEBHOOK_URL_MAX_LENGTH = 2048;
