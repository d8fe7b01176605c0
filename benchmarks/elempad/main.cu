#include <cstdio>
#include <cstring>
#include <vector>
#include <algorithm>
namespace orig {
#include "aos_bench.cu"
}
namespace padded {
#include "aos_bench.rapcc.cu"
}
int main() {
    const int n = 4096 * 256;
    std::vector<double> h(n);
    for (int i = 0; i < n; ++i) h[i] = (double)((i * 2654435761u) >> 9) / 1024.0;
    double *in, *o1, *o2;
    cudaMalloc(&in, n * 8); cudaMalloc(&o1, n * 8); cudaMalloc(&o2, n * 8);
    cudaMemcpy(in, h.data(), n * 8, cudaMemcpyHostToDevice);
    cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
    std::vector<float> t1, t2;
    for (int round = 0; round < 11; ++round) {
        for (int v = 0; v < 2; ++v) {
            cudaEventRecord(a);
            for (int rep = 0; rep < 50; ++rep) {
                if (v == 0) orig::k<<<4096, 256>>>(in, o1, 0); else padded::k<<<4096, 256>>>(in, o2, 0);
            }
            cudaEventRecord(b); cudaEventSynchronize(b);
            float ms; cudaEventElapsedTime(&ms, a, b);
            (v == 0 ? t1 : t2).push_back(ms * 1000.0f / 50);
        }
    }
    std::vector<double> r1(n), r2(n);
    cudaMemcpy(r1.data(), o1, n * 8, cudaMemcpyDeviceToHost);
    cudaMemcpy(r2.data(), o2, n * 8, cudaMemcpyDeviceToHost);
    bool same = std::memcmp(r1.data(), r2.data(), n * 8) == 0;
    t1.erase(t1.begin()); t2.erase(t2.begin());  // the first round warms up
    std::sort(t1.begin(), t1.end()); std::sort(t2.begin(), t2.end());
    printf("error: %s\n", cudaGetErrorString(cudaGetLastError()));
    printf("outputs identical: %s\n", same ? "yes" : "NO");
    printf("original  median %.2f us per launch (min %.2f, max %.2f, %zu rounds)\n", t1[t1.size() / 2], t1.front(), t1.back(), t1.size());
    printf("elempad   median %.2f us per launch (min %.2f, max %.2f)\n", t2[t2.size() / 2], t2.front(), t2.back());
    printf("speedup   %.3fx\n", t1[t1.size() / 2] / t2[t2.size() / 2]);
    return 0;
}
