// Placeholder: the identification page is built by the identification work (issue 17).
export function AiIdentificationPage() {
  return null;
}
