import './texts';
import { useId, useState, type ReactNode } from 'react';
import { t } from '../../../src/i18n';
import { notify } from '../../../src/stores/notifications';
import {
  Checkbox,
  DateInput,
  DateTimeInput,
  DecimalInput,
  DropdownList,
  ImageCarousel,
  MultiSelect,
  NavBar,
  Select,
  TextArea,
  TextInput,
  useNavBarState,
  WholeNumberInput,
  type CarouselFloat,
  type CarouselPreviewSize,
  type DropdownItem,
  type DropdownValue,
  type SelectOption,
} from '../../../src/ui';

const NOTIFICATION_KINDS = [0, 1, 2, 3] as const;
const PREVIEW_SIZES: readonly CarouselPreviewSize[] = ['m', 'l', 'f'];
const FLOATS: readonly CarouselFloat[] = ['left', 'right'];

/** Narrows a value chosen in a Select back to one of the allowed ones. */
function pick<T extends DropdownValue>(allowed: readonly T[], value: DropdownValue, fallback: T): T {
  return allowed.find((entry) => entry === value) ?? fallback;
}

/** Inline SVG pictures so the carousel needs no network. */
function sampleImage(fill: string, text: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240">` +
    `<rect width="320" height="240" fill="${fill}"/>` +
    `<text x="160" y="135" font-family="sans-serif" font-size="64" text-anchor="middle" fill="#ffffff">${text}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

const SAMPLE_IMAGES: readonly string[] = [sampleImage('#c62828', '1'), sampleImage('#2e7d32', '2'), sampleImage('#1565c0', '3')];

function colourOptions(): SelectOption[] {
  return [
    { name: t('gallery.groupWarm'), value: 'warm', optgroup: true },
    { name: t('gallery.optionRed'), value: 'red', color: '#ffcdd2' },
    { name: t('gallery.optionOrange'), value: 'orange', color: '#ffe0b2' },
    { name: t('gallery.groupCold'), value: 'cold', optgroup: true },
    { name: t('gallery.optionGreen'), value: 'green', color: '#c8e6c9' },
    { name: t('gallery.optionBlue'), value: 'blue', color: '#bbdefb' },
    { name: t('gallery.optionPurple'), value: 'purple' },
  ];
}

interface SectionProps {
  control: string;
  title: string;
  children: ReactNode;
}

function GallerySection({ control, title, children }: SectionProps) {
  const headingId = useId();
  return (
    <section className="gallery-section" data-testid={`gallery-${control}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

function Shown({ value }: { value: string }) {
  return (
    <p className="gallery-value" aria-live="polite">
      {t('gallery.value', { value })}
    </p>
  );
}

/** The /qwe screen: every shared control with sample data, for eyes and for the e2e suite. */
export default function GalleryScreen() {
  const [dark, setDark] = useState(false);
  const [flag, setFlag] = useState(true);
  const [decimal, setDecimal] = useState(12.5);
  const [whole, setWhole] = useState(3);
  const [text, setText] = useState('');
  const [longText, setLongText] = useState('');
  const [colour, setColour] = useState<DropdownValue | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [date, setDate] = useState<string | null>('2024-03-15');
  const [dateTime, setDateTime] = useState<string | null>('2024-03-15T09:30');
  const [dropdownValue, setDropdownValue] = useState<DropdownValue>('green');
  const [previewSize, setPreviewSize] = useState<DropdownValue>('m');
  const [float, setFloat] = useState<DropdownValue>('left');
  const [kind, setKind] = useState<DropdownValue>(1);
  const [navState, navControls] = useNavBarState('enabled');

  const options = colourOptions();
  const dropdownItems: DropdownItem[] = options.map((option) =>
    typeof option === 'string'
      ? { name: option, value: option }
      : {
          ...option,
          selected: !option.optgroup && option.value === dropdownValue,
          tick: !option.optgroup && option.value === dropdownValue,
        },
  );
  const dropdownText = dropdownItems.find((item) => item.selected)?.name ?? t('controls.notSelected');
  const kinds: SelectOption[] = [
    { name: t('gallery.typeInfo'), value: 0 },
    { name: t('gallery.typeSuccess'), value: 1 },
    { name: t('gallery.typeWarning'), value: 2 },
    { name: t('gallery.typeError'), value: 3 },
  ];

  return (
    // The theme switch applies to the gallery only, so its own background follows the variables.
    <div
      className={dark ? 'gallery theme-dark' : 'gallery'}
      style={{ display: 'grid', gap: '1.5rem', padding: '1rem', background: 'var(--color-bg)', color: 'var(--color-fg)' }}
    >
      <h1>{t('gallery.title')}</h1>
      <Checkbox label={t('gallery.theme')} value={dark} onChange={setDark} />

      <GallerySection control="checkbox" title={t('gallery.checkbox')}>
        <Checkbox label={t('gallery.checkbox')} value={flag} onChange={setFlag} />
        <Checkbox label={t('gallery.disabled')} value={!flag} onChange={setFlag} disabled />
      </GallerySection>

      <GallerySection control="decimal" title={t('gallery.decimal')}>
        <DecimalInput label={t('gallery.decimal')} value={decimal} onChange={setDecimal} min={0} max={1000} />
        <Shown value={String(decimal)} />
        <DecimalInput label={t('gallery.disabled')} value={decimal} onChange={setDecimal} disabled />
      </GallerySection>

      <GallerySection control="whole" title={t('gallery.whole')}>
        <WholeNumberInput label={t('gallery.whole')} value={whole} onChange={setWhole} min={0} max={10} />
        <Shown value={String(whole)} />
      </GallerySection>

      <GallerySection control="text" title={t('gallery.text')}>
        <TextInput
          label={t('gallery.text')}
          value={text}
          onChange={setText}
          error={text.trim() === '' ? t('gallery.textRequired') : undefined}
        />
        <Shown value={text} />
        <TextInput label={t('gallery.disabled')} value={text} onChange={setText} disabled />
      </GallerySection>

      <GallerySection control="textarea" title={t('gallery.textarea')}>
        <TextArea label={t('gallery.textarea')} value={longText} onChange={setLongText} />
      </GallerySection>

      <GallerySection control="select" title={t('gallery.single')}>
        <Select label={t('gallery.single')} options={options} value={colour} onChange={setColour} />
        <Shown value={colour === null ? '' : String(colour)} />
        <Select label={t('gallery.singleDisabled')} options={options} value="blue" onChange={setColour} disabled />
      </GallerySection>

      <GallerySection control="multiselect" title={t('gallery.multi')}>
        <MultiSelect label={t('gallery.multi')} options={options} value={chosen} onChange={setChosen} />
        <Shown value={chosen.join(', ')} />
      </GallerySection>

      <GallerySection control="date" title={t('gallery.date')}>
        <DateInput label={t('gallery.date')} value={date} onChange={setDate} />
        <Shown value={date ?? ''} />
      </GallerySection>

      <GallerySection control="datetime" title={t('gallery.dateTime')}>
        <DateTimeInput label={t('gallery.dateTime')} value={dateTime} onChange={setDateTime} />
        <Shown value={dateTime ?? ''} />
      </GallerySection>

      <GallerySection control="dropdown" title={t('gallery.dropdown')}>
        <DropdownList
          label={t('gallery.dropdown')}
          items={dropdownItems}
          text={dropdownText}
          onChoose={(item) => setDropdownValue(item.value)}
        />
        <DropdownList label={t('gallery.disabled')} items={dropdownItems} text={dropdownText} onChoose={() => undefined} disabled />
      </GallerySection>

      <GallerySection control="carousel" title={t('gallery.carousel')}>
        <Select
          label={t('gallery.previewSize')}
          options={[
            { name: t('gallery.sizeM'), value: 'm' },
            { name: t('gallery.sizeL'), value: 'l' },
            { name: t('gallery.sizeF'), value: 'f' },
          ]}
          value={previewSize}
          onChange={setPreviewSize}
        />
        <Select
          label={t('gallery.float')}
          options={[
            { name: t('gallery.floatLeft'), value: 'left' },
            { name: t('gallery.floatRight'), value: 'right' },
          ]}
          value={float}
          onChange={setFloat}
        />
        <div className="gallery-carousel-box" style={{ minHeight: '16rem' }}>
          <ImageCarousel
            label={t('gallery.carousel')}
            images={SAMPLE_IMAGES}
            preview={pick(PREVIEW_SIZES, previewSize, 'm')}
            float={pick(FLOATS, float, 'left')}
          />
        </div>
      </GallerySection>

      <GallerySection control="notifications" title={t('gallery.notifications')}>
        <Select label={t('gallery.notificationType')} options={kinds} value={kind} onChange={setKind} />
        <button
          type="button"
          className="gallery-button"
          onClick={() =>
            notify({
              type: pick(NOTIFICATION_KINDS, kind, 0),
              header: t('gallery.notificationHeader'),
              text: t('gallery.notificationText'),
            })
          }
        >
          {t('gallery.showNotification')}
        </button>
      </GallerySection>

      <GallerySection control="navbar" title={t('gallery.navbar')}>
        <NavBar
          label={t('gallery.navbar')}
          state={navState}
          items={[
            { href: '#/qwe', label: t('gallery.title'), current: true },
            { href: '#/orders', label: t('nav.orders') },
            { href: '#/documents', label: t('nav.documents') },
          ]}
        />
        <p aria-live="polite">{navState === 'enabled' ? t('gallery.stateEnabled') : t('gallery.stateDisabled')}</p>
        <div className="gallery-buttons">
          <button type="button" className="gallery-button" onClick={navControls.toggle}>
            {t('gallery.navToggle')}
          </button>
          <button type="button" className="gallery-button" onClick={navControls.enable}>
            {t('gallery.navEnable')}
          </button>
          <button type="button" className="gallery-button" onClick={navControls.disable}>
            {t('gallery.navDisable')}
          </button>
        </div>
      </GallerySection>
    </div>
  );
}
