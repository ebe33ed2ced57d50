// The demo hall of the seed (docs/showrooms.md): data, not sentences of the app.

export const DEMO_SHOWROOM = {
  requestId: 'demo-seed-showroom-1',
  name: '春夏花卉提案',
  description: '给杭州客户挑选的花卉与几何作品，按提案顺序陈列。',
} as const;
