// The two books of money owed, as the pages show them: what the organization owes its suppliers and
// what its customers owe it. The ledger components serve both; a book says where its API is and how
// its figures read.

export interface LedgerBook {
  /** The API's path of the book. */
  path: '/supplier-ledger' | '/customer-ledger';
  /** The party's noun: the wire's key for it and the word the pages use. */
  party: 'supplier' | 'customer';
  /** The noun at the start of a sentence or a title. */
  Party: 'Supplier' | 'Customer';
  /** The page a party's statement opens on. */
  statementPath: (partyId: string) => string;
  /** How a negative balance reads: an advance the supplier has yet to deliver against, a credit the customer holds. */
  negative: 'advance' | 'credit';
  /** Which way a payment goes: paid to a supplier, received from a customer. */
  direction: 'to' | 'from';
  /** May a payment above what is owed be recorded, as an advance? */
  advances: boolean;
  /** The statement summary's names for what raised and what lowered the balance. */
  increase: string;
  decrease: string;
  /** What an empty book says, and how it fills. */
  nothingYet: string;
}

export const SUPPLIER_LEDGER: LedgerBook = {
  path: '/supplier-ledger',
  party: 'supplier',
  Party: 'Supplier',
  statementPath: (id) => `/supplier-ledger/${id}`,
  negative: 'advance',
  direction: 'to',
  advances: true,
  increase: 'Deliveries and reversed payments',
  decrease: 'Payments, advances and voided deliveries',
  nothingYet: 'No payables yet: post a delivery.',
};

export const CUSTOMER_LEDGER: LedgerBook = {
  path: '/customer-ledger',
  party: 'customer',
  Party: 'Customer',
  statementPath: (id) => `/customer-management/${id}`,
  negative: 'credit',
  direction: 'from',
  advances: false,
  increase: 'Dispatches and reversed payments',
  decrease: 'Payments, credit notes and voided dispatches',
  nothingYet: 'No receivables yet: post a dispatch.',
};
