import { ORDER_KINDS } from '../api/print-mail/orders/order-kinds.js';

/**
 * What a report can query: one view per resource, each showing only the rows of the
 * organization and mode bound to the reading connection (report_bindings). This list is the
 * schema documented in docs/reports.md; a new resource is one entry here.
 *
 * Every view has `id`, `created_at`, `updated_at` and `data` (the resource exactly as the API
 * returns it), plus the columns named here, read out of the stored doc.
 */
export interface ReportView {
  name: string;
  table: string;
  /** Column name → SQL expression over the table's row `t`. */
  columns: Record<string, string>;
  /** What `data` is: the doc, or the doc less something the API shows only once. */
  data?: string;
}

const text = (path: string) => `t.doc #>> '{${path}}'`;
const time = (path: string) => `(t.doc #>> '{${path}}')::timestamptz`;
const described = { description: text('description'), metadata: "t.doc -> 'metadata'" };

const ORDER_COLUMNS = {
  status: 't.status',
  send_date: time('sendDate'),
  mailing_class: text('mailingClass'),
  to_contact: text('to,id'),
  from_contact: text('from,id'),
  campaign: text('campaign'),
  ...described,
};

/** One view per order kind, named as its table, with the kind's own columns after the shared ones. */
export const ORDER_VIEWS: ReportView[] = ORDER_KINDS.map((kind) => ({
  name: kind.table,
  table: kind.table,
  columns: { ...ORDER_COLUMNS, ...kind.reportColumns },
}));

export const REPORT_VIEWS: ReportView[] = [
  {
    name: 'contacts',
    table: 'contacts',
    columns: {
      first_name: text('firstName'),
      last_name: text('lastName'),
      company_name: text('companyName'),
      job_title: text('jobTitle'),
      email: text('email'),
      phone_number: text('phoneNumber'),
      address_line1: text('addressLine1'),
      address_line2: text('addressLine2'),
      city: text('city'),
      province_or_state: text('provinceOrState'),
      postal_or_zip: text('postalOrZip'),
      country_code: text('countryCode'),
      address_status: text('addressStatus'),
      ...described,
    },
  },
  ...ORDER_VIEWS,
  { name: 'templates', table: 'templates', columns: described },
  { name: 'events', table: 'events', columns: { type: 't.type' } },
  {
    name: 'trackers',
    table: 'trackers',
    columns: { redirect_url_template: text('redirectURLTemplate'), ...described },
  },
  {
    name: 'tracker_visits',
    table: 'tracker_visits',
    columns: { tracker: text('tracker'), order_id: text('orderID') },
  },
  { name: 'mailing_lists', table: 'mailing_lists', columns: { status: text('status'), ...described } },
  {
    name: 'mailing_list_imports',
    table: 'mailing_list_imports',
    columns: { status: text('status'), ...described },
  },
  {
    name: 'campaigns',
    table: 'campaigns',
    columns: { status: text('status'), mailing_list: text('mailingList'), ...described },
  },
  { name: 'bank_accounts', table: 'bank_accounts', columns: described },
  { name: 'return_envelopes', table: 'return_envelopes', columns: described },
  {
    name: 'return_envelope_orders',
    table: 'return_envelope_orders',
    columns: { status: text('status'), ...described },
  },
  {
    name: 'webhooks',
    table: 'webhooks',
    columns: { url: text('url'), ...described },
    data: "t.doc - 'secret'",
  },
  { name: 'reports', table: 'reports', columns: { sql_query: text('sqlQuery'), ...described } },
  {
    name: 'virtual_mailboxes',
    table: 'virtual_mailboxes',
    columns: { status: text('status'), ...described },
  },
  {
    name: 'virtual_mailbox_items',
    table: 'virtual_mailbox_items',
    columns: {
      virtual_mailbox: text('virtualMailbox'),
      matched_letter: text('matchedLetter'),
      forwarded_letter: text('forwardedLetter'),
      ...described,
    },
  },
  { name: 'sub_organizations', table: 'sub_organizations', columns: {} },
  {
    name: 'targeted_list_builds',
    table: 'targeted_list_builds',
    columns: { status: text('status'), mailing_list: text('mailingList'), ...described },
  },
];

/** `orders`: every kind in one view, with `kind` (the order's `object`). */
export function ordersUnionSql(viewSchema: string): string {
  const columns = ['id', 'created_at', 'updated_at', ...Object.keys(ORDER_COLUMNS), 'data'];
  return ORDER_VIEWS.map(
    (view) =>
      `SELECT ${quoteLiteral(singular(view.name))} AS kind, ${columns.join(', ')} FROM ${viewSchema}.${view.name}`,
  ).join('\nUNION ALL\n');
}

const singular = (table: string) => ORDER_KINDS.find((kind) => kind.table === table)?.name ?? table;

/** The SQL of one view over `schema`'s table, restricted to the bound organization and mode. */
export function viewSql(view: ReportView, schema: string): string {
  const columns = Object.entries(view.columns).map(([name, expr]) => `${expr} AS ${name}`);
  return [
    `SELECT t.id, t.created_at, t.updated_at, ${[...columns, `${view.data ?? 't.doc'} AS data`].join(', ')}`,
    `FROM ${schema}.${view.table} t`,
    `JOIN ${schema}.report_bindings b ON b.pid = pg_backend_pid() AND b.org_id = t.org_id AND b.live = t.live`,
  ].join('\n');
}

/** Members of the caller's lists: the list's row carries the organization. */
export function mailingListMembersSql(schema: string): string {
  return [
    'SELECT m.list_id AS mailing_list, m.contact_id AS contact',
    `FROM ${schema}.mailing_list_members m`,
    `JOIN ${schema}.mailing_lists l ON l.id = m.list_id`,
    `JOIN ${schema}.report_bindings b ON b.pid = pg_backend_pid() AND b.org_id = l.org_id AND b.live = l.live`,
  ].join('\n');
}

export const quoteLiteral = (value: string) => `'${value.replaceAll("'", "''")}'`;
export const quoteIdent = (value: string) => `"${value.replaceAll('"', '""')}"`;
