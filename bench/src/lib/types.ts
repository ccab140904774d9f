/** One benchmark: what it measures and a run that returns named figures. */
export type Bench = {
  name: string;
  description: string;
  run: () => Promise<Record<string, number | string>>;
};
