// Net Promoter Score from counted bands (server aggregates and the insights page alike): % promoters - % detractors, rounded half away from zero.
export function npsBands(bands: { promoters: number; passives: number; detractors: number }): { score: number } {
  const answered = bands.promoters + bands.passives + bands.detractors;
  if (answered === 0) return { score: 0 };
  const exact = ((bands.promoters - bands.detractors) * 100) / answered;
  return { score: Math.sign(exact) * Math.round(Math.abs(exact)) || 0 };
}
