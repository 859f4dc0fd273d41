/** A `$state` cell the tests can change from outside a component, as a component's state would change. */
export function cell<T>(initial: T): { value: T } {
  let value = $state(initial);
  return {
    get value() {
      return value;
    },
    set value(next: T) {
      value = next;
    },
  };
}
