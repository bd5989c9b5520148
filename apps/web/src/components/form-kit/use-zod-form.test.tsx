import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiError } from '@/lib/http'
import { applyServerErrors, fieldPaths, useZodForm } from './use-zod-form'

const schema = z.object({
  name: z.string().min(1, 'Name is required'),
  config: z.object({ api_key: z.string() }),
})

function Form({ failWith }: { failWith: ApiError }) {
  const form = useZodForm(schema, { defaultValues: { name: '', config: { api_key: '' } } })
  const [message, setMessage] = useState<string | null>(null)
  const { errors } = form.formState
  return (
    <form
      onSubmit={(e) =>
        void form.handleSubmit(() => {
          setMessage(applyServerErrors(form, failWith))
        })(e)
      }
    >
      <label>
        Name
        <input {...form.register('name')} />
      </label>
      {errors.name && <p>{errors.name.message}</p>}
      <label>
        API key
        <input {...form.register('config.api_key')} />
      </label>
      {errors.config?.api_key && <p>{errors.config.api_key.message}</p>}
      {message && <p role="alert">{message}</p>}
      <button type="submit">Save</button>
    </form>
  )
}

describe('useZodForm', () => {
  it('checks the fields with the schema before sending', async () => {
    const user = userEvent.setup()
    render(<Form failWith={new ApiError(400, 'Bad request')} />)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Name is required')).toBeVisible()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("puts the server's field issues beside their fields and the rest in the form's message", async () => {
    const user = userEvent.setup()
    const failure = new ApiError(400, 'Bad request', 'BAD_REQUEST', [
      { path: 'body.config.api_key', message: 'The key is not valid for this gateway' },
      { path: 'body.entity_code', message: 'Unknown entity' },
    ])
    render(<Form failWith={failure} />)
    await user.type(screen.getByLabelText('Name'), 'Stripe')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('The key is not valid for this gateway')).toBeVisible()
    expect(screen.getByRole('alert')).toHaveTextContent('entity_code: Unknown entity')
    expect(screen.getByLabelText('API key')).toHaveFocus()
  })
})

describe('applyServerErrors with fields named otherwise in the values', () => {
  it('sets an issue on a path the form shows under another shape, and leaves the rest to the message', () => {
    const set: string[] = []
    const form = {
      getValues: () => ({ grants: [{ kind: 'role', refId: 3 }] }),
      setError: (path: string) => {
        set.push(path)
      },
    }
    const failure = new ApiError(400, 'Bad request', 'BAD_REQUEST', [
      { path: 'body.grants.0.role_id', message: 'Unknown role' },
      { path: 'body.grants.1.role_id', message: 'Unknown role' },
    ])
    expect(applyServerErrors(form, failure, ['grants.0.role_id'])).toBe('grants.1.role_id: Unknown role')
    expect(set).toEqual(['grants.0.role_id'])
    // Without the extra path, nothing is set beside a field.
    set.length = 0
    expect(applyServerErrors(form, failure)).toContain('grants.0.role_id: Unknown role')
    expect(set).toEqual([])
  })
})

describe('fieldPaths', () => {
  it('names every field as the server does', () => {
    expect(fieldPaths({ a: 1, b: { c: '' }, items: [{ price: 1 }] })).toEqual([
      'a',
      'b',
      'b.c',
      'items',
      'items.0',
      'items.0.price',
    ])
  })
})
