/** Whose rows a query reads or writes: every repo call is scoped by organization and mode. */
export interface Scope {
  orgId: string;
  live: boolean;
}
