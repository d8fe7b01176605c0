// GPU Gems 3 scan padding written for 16 banks (compute capability 1.x):
// on 32 banks the stride-2 tree reads still collide.
#define NUM_BANKS 16
#define LOG_NUM_BANKS 4
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)

extern "C" __global__ void scan_16banks(float *data)
{
#pragma rapcc block_dim(256, 1, 1)
    __shared__ float temp[512 + 512 / NUM_BANKS];
    int t = threadIdx.x;
    temp[t + CONFLICT_FREE_OFFSET(t)] = data[t];
    temp[t + 256 + CONFLICT_FREE_OFFSET(t + 256)] = data[t + 256];
    int offset = 1;
    for (int d = 256; d > 0; d >>= 1) {
        __syncthreads();
        if (t < d) {
            const int ai = offset * (2 * t + 1) - 1;
            const int bi = offset * (2 * t + 2) - 1;
            temp[bi + CONFLICT_FREE_OFFSET(bi)] += temp[ai + CONFLICT_FREE_OFFSET(ai)];
        }
        offset *= 2;
    }
    __syncthreads();
    data[t] = temp[t + CONFLICT_FREE_OFFSET(t)];
}
