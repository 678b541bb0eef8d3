import { Camera, Trash2 } from "lucide-react";
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from "react";
import { toast } from "../../../components/ui/toast";
import { type Child, CHILD_NOTE_MAX_LENGTH, CHILD_PHOTO_MAX_BYTES, childInputSchema, CHILDREN_COPY } from "../../../../shared/children";
import { todayIn } from "../../../../shared/calendar";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { FieldError, TextField } from "../../../components/ui/text-field";
import { useSaveChild } from "../api/save-child";
import { ChildAvatar } from "../../../components/ui/child-avatar";
import { cropToJpeg, loadImage } from "./crop-image";
import type { PhotoToCrop } from "./photo-crop-dialog";
import { FormActions } from "../../../components/ui/form-actions";

// The cropper (react-easy-crop) is loaded only once Dad picks a photo, not with the page.
const loadPhotoCropDialog = () => import("./photo-crop-dialog");
const PhotoCropDialog = lazy(() => loadPhotoCropDialog().then((module) => ({ default: module.PhotoCropDialog })));

type FieldErrors = Partial<Record<"name" | "birthdate" | "profileNote" | "photo", string>>;

/** Add (child undefined) or edit a child: name, birth date, note, and a square-cropped photo. */
export function ChildFormDialog({ child, onClose }: { child?: Child; onClose: () => void }) {
  const saveChild = useSaveChild();
  const [name, setName] = useState(child?.name ?? "");
  const [birthdate, setBirthdate] = useState(child?.birthdate ?? "");
  const [profileNote, setProfileNote] = useState(child?.profileNote ?? "");
  // undefined: keep the current photo; null: remove it; a Blob: the new cropped photo.
  const [photo, setPhoto] = useState<Blob | null | undefined>(undefined);
  const [photoPreview, setPhotoPreview] = useState<string | null>(child?.photoUrl ?? null);
  const [toCrop, setToCrop] = useState<PhotoToCrop | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => () => {
    if (photoPreview?.startsWith("blob:")) URL.revokeObjectURL(photoPreview);
  }, [photoPreview]);

  async function pickPhoto(file: File | undefined) {
    if (fileInput.current) fileInput.current.value = "";
    if (!file) return;
    if (!file.type.startsWith("image/")) return setErrors((e) => ({ ...e, photo: CHILDREN_COPY.notAnImage }));
    if (file.size >= CHILD_PHOTO_MAX_BYTES) return setErrors((e) => ({ ...e, photo: CHILDREN_COPY.imageTooLarge }));
    setErrors((e) => ({ ...e, photo: undefined }));
    void loadPhotoCropDialog(); // fetched while the photo decodes
    const src = URL.createObjectURL(file);
    try {
      const image = await loadImage(src);
      setToCrop({ src, width: image.naturalWidth, height: image.naturalHeight });
    } catch {
      URL.revokeObjectURL(src);
      setErrors((e) => ({ ...e, photo: CHILDREN_COPY.notAnImage }));
    }
  }

  function closeCrop() {
    if (toCrop) URL.revokeObjectURL(toCrop.src);
    setToCrop(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = childInputSchema.safeParse({ name, birthdate, profileNote });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof FieldErrors] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await saveChild.mutateAsync({ id: child?.id, values: { name, birthdate, profileNote }, photo });
      toast.success(child ? CHILDREN_COPY.updated : CHILDREN_COPY.added);
      onClose();
    } catch (cause) {
      toast.error(cause instanceof Error ? cause.message : "Something went wrong. Please try again.");
    }
  }

  return (
    <>
      <Dialog open={!toCrop} onOpenChange={(open) => !open && !saveChild.isPending && onClose()} title={child ? `Edit ${child.name}` : "Add a child"} hideClose={saveChild.isPending}>
        <form className="flex flex-col gap-5" onSubmit={(event) => void submit(event)} noValidate>
          <div className="flex items-center gap-4">
            <ChildAvatar name={name || "?"} photoUrl={photoPreview} size="lg" />
            <div className="flex flex-col gap-2">
              <input ref={fileInput} type="file" accept="image/*" className="sr-only" id="child-photo" aria-label="Photo" onChange={(event) => void pickPhoto(event.target.files?.[0])} />
              <Button variant="secondary" onClick={() => fileInput.current?.click()}>
                <Camera className="size-5" aria-hidden="true" />
                {photoPreview ? "Change photo" : "Add a photo"}
              </Button>
              {photoPreview ? (
                <Button
                  variant="ghost"
                  onClick={() => {
                    setPhoto(null);
                    setPhotoPreview(null);
                  }}
                >
                  <Trash2 className="size-5" aria-hidden="true" />
                  Remove photo
                </Button>
              ) : null}
            </div>
          </div>
          {errors.photo ? (
            <FieldError className="-mt-3">
              {errors.photo}
            </FieldError>
          ) : null}
          <TextField label="Name" name="name" autoComplete="off" required value={name} error={errors.name} onChange={(event) => setName(event.target.value)} />
          <TextField label="Birth date" name="birthdate" type="date" required max={todayIn()} value={birthdate} error={errors.birthdate} onChange={(event) => setBirthdate(event.target.value)} />
          <div className="flex flex-col gap-1.5">
            <label htmlFor="child-note" className="text-sm font-medium">
              Profile note <span className="font-normal text-olive-dark">(optional)</span>
            </label>
            <textarea
              id="child-note"
              name="profileNote"
              rows={3}
              maxLength={CHILD_NOTE_MAX_LENGTH}
              value={profileNote}
              aria-describedby="child-note-hint"
              onChange={(event) => setProfileNote(event.target.value)}
              className="w-full rounded-lg border border-sand bg-white px-3.5 py-2.5 text-base hover:border-olive focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-dark"
            />
            <p id="child-note-hint" className="text-sm text-olive-dark">
              What they love, what they find hard. Pocket Dad uses it to tailor its advice.
            </p>
            {errors.profileNote ? (
              <FieldError>
                {errors.profileNote}
              </FieldError>
            ) : null}
          </div>
          <FormActions submitLabel={child ? "Save changes" : "Add child"} pending={saveChild.isPending} onCancel={onClose} />
        </form>
      </Dialog>
      {toCrop ? (
        <Suspense fallback={<p role="status" className="sr-only">Opening the photo…</p>}>
          <PhotoCropDialog
            photo={toCrop}
            onCancel={closeCrop}
            onConfirm={async (area) => {
              const blob = await cropToJpeg(toCrop.src, area);
              setPhoto(blob);
              setPhotoPreview(URL.createObjectURL(blob));
              closeCrop();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
