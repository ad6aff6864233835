// Marketplace wire format (deals): filled in by its module.
export {};
