// 《纹样作品授权协议》: the text a buyer agrees to before submitting a licence order (素材订单 and
// 授权订单 alike). Its text is the stored agreement `licenceAgreement` (docs/agreements.md), shown
// at /materialOrder/agreement; the order form names it by this title.

export const LICENCE_AGREEMENT_TITLE = '纹样作品授权协议';
