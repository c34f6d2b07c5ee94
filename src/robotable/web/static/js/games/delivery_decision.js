// placeholder
export function decision() {
  return null;
}
