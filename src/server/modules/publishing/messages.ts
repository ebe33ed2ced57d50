// What the publishing module says: drafts, the publish form's choices, sending to review, review,
// taking down, and the designer's own categories (a missing work or series is MSG.missing).

export const PUBLISHING_MSG = {
  // drafts
  untitledWork: '未命名作品',
  categoryMissing: '品类不存在，请重新选择',
  leafCategoryOnly: '请选择具体的二级品类',
  noCategoriesYet: '平台尚未配置品类，暂时不能发布作品',
  styleMissing: '风格不存在，请重新选择',
  classifyMissing: '自定义分类不存在',
  underReviewNoEdit: '作品正在审核中，暂不能修改',
  takeDownBeforeEdit: '已发布的作品请先下架再修改',
  imageUsedElsewhere: '这张图片已用于另一件作品',
  uploadImageFirst: '请先上传作品图片',
  uploadMissing: '图片不存在或不属于您，请重新上传',
  // the publish form's licence kinds
  headerTypes: {
    categoryExclusive: {
      title: '品类独家',
      description: '按品类独家授权，授权期内同品类不再授权他人，价格较高',
    },
    materials: {
      title: '素材',
      description: '非独家的素材授权，可多次售出，价格较低',
    },
  },
  // ownership
  ownWorksOnly: '只能操作自己的作品',
  someWorksMissing: '部分作品不存在或已删除',
  materialPriceOnly: '只有素材作品可以修改素材价格',
  // sending to review: the fields still missing, in the order of the form
  field: { title: '标题', category: '品类', style: '风格', price: '价格' },
  notSubmittable: (statusTitle: string) => `${statusTitle}的作品不能提交审核`,
  completeFields: (fields: readonly string[]) => `请完善：${fields.join('、')}`,
  imageMissingReupload: '作品图片不存在，请重新上传',
  statusChanged: '作品状态已变化，请刷新后重试',
  // review and taking down
  notInReview: '该作品不在审核中',
  imageMissingNoPublish: '作品图片不存在，无法发布',
  imageUndecodableNoPublish: '作品图片无法解码，无法发布：请驳回并请设计师重新上传',
  rejectReasonMissing: '请填写驳回原因，设计师会看到它',
  publishedOnlyTakeDown: '只有已发布的作品可以下架',
  // the designer's own categories (organise)
  classifyNotFound: '分类不存在',
  classifyNameTaken: '已有同名分类',
} as const;
