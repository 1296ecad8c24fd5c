/** A list with a green tick before each item (plan features, a profile's services). */
export function CheckList({ items, className }: { items: readonly string[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <span aria-hidden="true" className="text-green-700">
            ✓
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}
