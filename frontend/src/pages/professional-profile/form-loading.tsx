// What stands where a profile's form is while its code loads. The forms (writing a review, a
// reply, a report, a message) load with their validation, and so zod, only when they are shown:
// a profile's first screen loads none of them (decision 0031, the phone's TBT budget).
export function FormLoading() {
  return (
    <p role="status" className="text-sm text-gray-700">
      Loading…
    </p>
  );
}
