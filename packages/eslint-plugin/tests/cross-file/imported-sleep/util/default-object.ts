function hold(seconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, seconds * 1000));
}

function label(name: string): string {
  return name.trim();
}

// The module's functions gathered in one default export, read as `helpers.hold(2)`.
export default { hold, label };
