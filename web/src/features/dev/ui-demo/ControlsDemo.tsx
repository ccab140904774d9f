import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2, Upload } from 'lucide-react';
import { Button } from '../../../ui/Button';
import { IconButton } from '../../../ui/IconButton';
import { Panel } from '../../../ui/Panel';
import { PasswordField } from '../../../ui/PasswordField';
import { SearchField } from '../../../ui/SearchField';
import { SegmentedControl } from '../../../ui/SegmentedControl';
import { Select } from '../../../ui/Select';
import { Switch } from '../../../ui/Switch';
import { TextArea } from '../../../ui/TextArea';
import { TextField } from '../../../ui/TextField';

const VARIANTS = ['primary', 'secondary', 'ghost', 'danger'] as const;
const SIZES = ['sm', 'md', 'lg'] as const;

/** Buttons in every variant, size and state. */
export function ButtonsDemo() {
  const { t } = useTranslation();
  return (
    <Panel title={t('dev.uiDemo.buttons')}>
      {SIZES.map((size) => (
        <div key={size} className="ui-demo__row">
          {VARIANTS.map((variant) => (
            <Button key={variant} variant={variant} size={size}>
              {t(`dev.uiDemo.variant.${variant}`)}
            </Button>
          ))}
        </div>
      ))}
      <div className="ui-demo__row">
        <Button variant="primary" icon={Upload}>
          {t('dev.uiDemo.withIcon')}
        </Button>
        <Button variant="primary" busy>
          {t('dev.uiDemo.busy')}
        </Button>
        <Button disabled>{t('dev.uiDemo.disabled')}</Button>
        <IconButton icon={Plus} label={t('dev.uiDemo.iconButton')} />
        <IconButton icon={Trash2} size="sm" label={t('dev.uiDemo.iconButton')} />
      </div>
    </Panel>
  );
}

/** Text fields (with a hint, an error, a counter), a select, switches and a segmented choice. */
export function FieldsDemo() {
  const { t } = useTranslation();
  const [name, setName] = useState('Friday night');
  const [email, setEmail] = useState('anna@');
  const [password, setPassword] = useState('secret');
  const [search, setSearch] = useState('');
  const [about, setAbout] = useState('');
  const [sort, setSort] = useState<'new' | 'name'>('new');
  const [on, setOn] = useState(true);
  const [view, setView] = useState<'list' | 'grid'>('list');
  return (
    <Panel title={t('dev.uiDemo.fields')}>
      <div className="ui-demo__grid">
        <TextField
          label={t('dev.uiDemo.nameLabel')}
          value={name}
          onChange={setName}
          hint={t('dev.uiDemo.nameHint')}
          counter={`${name.length}/50`}
        />
        <TextField
          label={t('dev.uiDemo.emailLabel')}
          value={email}
          onChange={setEmail}
          error={t('dev.uiDemo.emailError')}
        />
        <PasswordField
          label={t('dev.uiDemo.passwordLabel')}
          value={password}
          onChange={setPassword}
          showLabel={t('dev.uiDemo.show')}
          hideLabel={t('dev.uiDemo.hide')}
          error={t('dev.uiDemo.passwordError')}
        />
        <SearchField
          label={t('dev.uiDemo.searchLabel')}
          clearLabel={t('dev.uiDemo.clear')}
          value={search}
          onChange={setSearch}
        />
        <TextArea
          label={t('dev.uiDemo.aboutLabel')}
          value={about}
          onChange={setAbout}
          error={about ? undefined : t('dev.uiDemo.aboutError')}
        />
        <label className="ui-demo__labelled">
          {t('dev.uiDemo.selectLabel')}
          <Select
            value={sort}
            onChange={setSort}
            options={[
              { value: 'new', label: t('dev.uiDemo.sortNew') },
              { value: 'name', label: t('dev.uiDemo.sortName') },
            ]}
          />
        </label>
      </div>
      <Switch
        label={t('dev.uiDemo.switchLabel')}
        description={t('dev.uiDemo.switchHint')}
        checked={on}
        onChange={setOn}
      />
      <Switch label={t('dev.uiDemo.disabled')} checked={false} disabled onChange={() => {}} />
      <SegmentedControl
        legend={t('dev.uiDemo.segmented')}
        value={view}
        onChange={setView}
        options={[
          { value: 'list', label: t('dev.uiDemo.list') },
          { value: 'grid', label: t('dev.uiDemo.grid') },
        ]}
      />
    </Panel>
  );
}
