/** STUB: replaced by the work that owns this island. */
export default function ContactForm() {
  return null;
}
