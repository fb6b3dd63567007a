/** Back office: placeholder until the catalog screens land (issue #18). */
export default function ProductEditPage() {
  return null;
}
