import type { AlertKind, AlertRule, AlertRuleUpdate } from '@portal/contract'
import { alertRuleResponse, alertRulesResponse, alertSubscriptionResponse } from '@portal/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { alertKeys } from '@/components/alerts/alert-keys'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

/** GET /alerts/rules: one rule per kind. */
export function useAlertRules() {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: alertKeys.rules(entityCode),
    queryFn: ({ signal }): Promise<AlertRule[]> =>
      mainApi.get('/alerts/rules', alertRulesResponse, { signal }).then((r) => r.data.rules),
  })
}

/** PUT /alerts/rules/{kind}: the saved rule replaces its row in the cached rules. */
export function useSaveAlertRule() {
  const { entityCode } = useSession()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ kind, body }: { kind: AlertKind; body: AlertRuleUpdate }): Promise<AlertRule> =>
      mainApi.put(`/alerts/rules/${kind}`, body, alertRuleResponse).then((r) => r.data.rule),
    onSuccess: (rule) => {
      queryClient.setQueryData<AlertRule[]>(alertKeys.rules(entityCode), (rules) =>
        rules?.map((r) => (r.kind === rule.kind ? rule : r)),
      )
    },
  })
}

export interface AlertSubscription {
  email: boolean
  /** Where the e-mails go: the account's address, or null when it has none. */
  address: string | null
}

/** GET /alerts/subscription: whether the signed-in user receives the entity's new alerts by e-mail. */
export function useAlertSubscription() {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: alertKeys.subscription(entityCode),
    queryFn: ({ signal }): Promise<AlertSubscription> =>
      mainApi.get('/alerts/subscription', alertSubscriptionResponse, { signal }).then((r) => r.data),
  })
}

/** PUT /alerts/subscription. */
export function useSetAlertSubscription() {
  const { entityCode } = useSession()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (email: boolean): Promise<AlertSubscription> =>
      mainApi.put('/alerts/subscription', { email }, alertSubscriptionResponse).then((r) => r.data),
    onSuccess: (data) => queryClient.setQueryData(alertKeys.subscription(entityCode), data),
  })
}
