import {
  ApartmentOutlined,
  BookOutlined,
  BranchesOutlined,
  ClusterOutlined,
  CoffeeOutlined,
  ExperimentOutlined,
  GlobalOutlined,
  HeartOutlined,
  MedicineBoxOutlined,
  SafetyOutlined,
  SmileOutlined,
  TeamOutlined,
} from '@ant-design/icons';

/** Icon names the editorial content may use. */
const ICONS: Record<string, React.ComponentType> = {
  apartment: ApartmentOutlined,
  book: BookOutlined,
  branches: BranchesOutlined,
  cluster: ClusterOutlined,
  coffee: CoffeeOutlined,
  experiment: ExperimentOutlined,
  global: GlobalOutlined,
  heart: HeartOutlined,
  'medicine-box': MedicineBoxOutlined,
  safety: SafetyOutlined,
  smile: SmileOutlined,
  team: TeamOutlined,
};

export function ContentIcon({ name }: { name?: string }) {
  const Icon = name ? ICONS[name] : undefined;
  return Icon ? (
    <span className="content-icon">
      <Icon />
    </span>
  ) : null;
}
