import { clsx } from "clsx";
import { ImagePlus, X } from "lucide-react";
import { useId, useState } from "react";
import { IMAGE_HINT, IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from "../../../../shared/memories";
import { useObjectUrl } from "../../../lib/use-object-url";
import { FieldError } from "../../../components/ui/text-field";

/** Drop or choose a photo (image/* only), preview it, clear it. */
export function ImagePicker({ file, onChange }: { file: File | null; onChange: (file: File | null) => void }) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const preview = useObjectUrl(file);

  const take = (candidate: File | undefined) => {
    if (!candidate) return;
    if (!candidate.type.startsWith("image/")) {
      setError("That file is not an image. Choose a PNG, JPG or GIF.");
      return;
    }
    // Said before anything is uploaded: the server refuses it too, but only after the whole file arrives.
    if (candidate.size > MAX_IMAGE_BYTES) {
      setError(IMAGE_TOO_LARGE);
      return;
    }
    setError(null);
    onChange(candidate);
  };

  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-ink" id={`${inputId}-label`}>
        Photo (optional)
      </span>
      {file && preview ? (
        <div className="relative overflow-hidden rounded-xl border border-sand-soft">
          <img src={preview} alt="The photo you chose" className="max-h-72 w-full object-cover" />
          <button
            type="button"
            onClick={() => onChange(null)}
            className="absolute top-2 right-2 inline-flex min-h-11 items-center gap-1 rounded-lg bg-white/95 px-3 text-sm font-semibold text-ink shadow-float"
          >
            <X className="size-4" aria-hidden="true" />
            Remove photo
          </button>
        </div>
      ) : (
        <label
          htmlFor={inputId}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            take(event.dataTransfer.files[0]);
          }}
          className={clsx(
            "flex min-h-32 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors",
            "focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-accent-dark",
            dragging ? "border-accent bg-accent-soft" : "border-sand bg-white hover:border-olive",
          )}
        >
          <ImagePlus className="size-7 text-olive" aria-hidden="true" />
          {/* A phone has nothing to drop: below 640 px it says what a thumb does. */}
          <span className="text-base font-medium text-ink">
            <span className="sm:hidden">Tap to choose a photo</span>
            <span className="hidden sm:inline">Drop a photo here or choose one</span>
          </span>
          <span className="text-sm text-olive-dark">{IMAGE_HINT}</span>
          <input
            id={inputId}
            type="file"
            accept="image/*"
            className="sr-only"
            aria-labelledby={`${inputId}-label`}
            onChange={(event) => {
              take(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
        </label>
      )}
      {error ? (
        <FieldError>
          {error}
        </FieldError>
      ) : null}
    </div>
  );
}
