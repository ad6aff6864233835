// Placeholder: filled by the IoT/identification work (issue 17).
export {};
