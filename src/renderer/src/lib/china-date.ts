const CHINA_DATE = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** An ISO time as its China calendar date: 2021年9月30日. */
export const chinaDateText = (isoTime: string): string => CHINA_DATE.format(new Date(isoTime));
