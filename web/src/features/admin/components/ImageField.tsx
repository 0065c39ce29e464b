import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useFormContext } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { ImageOff, Upload, X } from 'lucide-react';
import { PRODUCT_IMAGE_RULES } from '@harbor/domain';
import { FormField } from '../../../components/FormField';
import { formatBytes } from '../formatting';
import { imageFileProblem, startImageUpload, storageErrorMessage, uploadsAvailable, type ImageUpload } from '../imageUpload';
import type { ProductFormValues } from '../productForm';

/** The product image: upload a file to Cloud Storage (with progress) or give a URL. */
export function ImageField() {
  const { register, setValue, watch, formState } = useFormContext<ProductFormValues>();
  const imageUrl = watch('imageUrl');
  const [progress, setProgress] = useState<number | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);
  const upload = useRef<ImageUpload | null>(null);

  // Leaving the page cancels an upload still under way.
  useEffect(() => () => upload.current?.cancel(), []);

  function setImage(url: string, path: string) {
    setBroken(false);
    setValue('imageUrl', url, { shouldDirty: true, shouldValidate: true });
    setValue('imagePath', path, { shouldDirty: true });
  }

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    setFileProblem(problem);
    if (problem) {
      toast.error(problem);
      return;
    }
    setProgress(0);
    upload.current = startImageUpload(file, setProgress);
    try {
      const { url, path } = await upload.current.done;
      setImage(url, path);
      toast.success('Image uploaded. Save the product to keep it.');
    } catch (error) {
      toast.error(storageErrorMessage(error));
    } finally {
      upload.current = null;
      setProgress(null);
    }
  }

  const accept = PRODUCT_IMAGE_RULES.contentTypes.join(',');
  return (
    <div className="image-field">
      <div className="image-preview">
        {imageUrl && !broken ? (
          <img src={imageUrl} alt="Product image preview" width="240" height="240" onError={() => setBroken(true)} />
        ) : (
          <span className="image-placeholder">
            <ImageOff size={28} aria-hidden="true" />
            {broken ? 'The image could not be loaded: check its URL' : 'No image'}
          </span>
        )}
      </div>

      {progress !== null ? (
        <div className="upload-progress">
          <label htmlFor="image-upload-progress">Uploading… {Math.round(progress * 100)}%</label>
          <progress id="image-upload-progress" max={1} value={progress} />
          <button type="button" className="button secondary small" onClick={() => upload.current?.cancel()}>
            <X size={16} aria-hidden="true" /> Cancel upload
          </button>
        </div>
      ) : (
        <div className="image-actions">
          <label className={`button secondary small file-button ${uploadsAvailable ? '' : 'disabled'}`}>
            <Upload size={16} aria-hidden="true" /> Upload image
            <input type="file" accept={accept} className="visually-hidden" onChange={chooseFile} disabled={!uploadsAvailable} />
          </label>
          {imageUrl && (
            <button type="button" className="link-button danger" onClick={() => setImage('', '')}>
              Remove image
            </button>
          )}
        </div>
      )}
      {fileProblem && (
        <p className="field-error" role="alert">
          {fileProblem}
        </p>
      )}
      <p className="hint small">
        {uploadsAvailable
          ? `PNG, JPEG, WebP, GIF or AVIF, at most ${formatBytes(PRODUCT_IMAGE_RULES.maxBytes)}.`
          : 'Uploads need the Storage emulator, which is not running here. Give an image URL instead.'}
      </p>

      <FormField
        label="Or image URL"
        type="url"
        placeholder="https://…"
        error={formState.errors.imageUrl}
        // A typed URL replaces any uploaded file; saveProduct then deletes the file.
        registration={register('imageUrl', {
          onChange: () => {
            setBroken(false);
            setValue('imagePath', '');
          },
        })}
      />
    </div>
  );
}
