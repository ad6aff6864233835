// Marketplace wire format (enhanced): filled in by its module.
export {};
