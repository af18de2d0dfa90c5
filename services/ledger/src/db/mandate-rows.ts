/** The mandates row and its one mapping to the ledger's state: the kind's own (domain/kinds/mandates.ts), for the reads of db/. */
export { mandateColumns, mandateStateOf, type MandateDbRow } from '../domain/kinds/mandates';
