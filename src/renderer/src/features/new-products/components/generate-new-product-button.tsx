import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** 生成新品 on a work's detail page: opens 新品生成 with the work chosen. */
export function GenerateNewProductButton({ workId }: { workId: number }) {
  const navigate = useNavigate();
  return (
    <Button onClick={() => void navigate(`${paths.designIndex}?workId=${workId}`)}>生成新品</Button>
  );
}
