// Marketplace wire format (listings): filled in by its module.
export {};
