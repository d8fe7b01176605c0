__device__ __forceinline__ void atomicAccum(int* p, int v) { p[0] += v; }
__global__ void fz_1_72(const int* __restrict__ in, int* __restrict__ out, int p)
{
    __shared__ int tile[64][8];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 16 + tx;
    for (int i = tid; i < 512; i += 128)
        tile[i / 8][i % 8] = (int)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    __syncthreads();
    const int rr = (2 * tid) / 8, cc = (2 * tid) % 8;
    if (tid < 256) atomicAccum(&tile[rr][cc], (int)(tid & 7) + 1);
    __syncthreads();
    int acc = tile[tx % 64][ty % 8];
    if (tid < 256) acc += tile[rr][cc + 1];
    out[blockIdx.x * 128 + tid] = acc;
}
#ifdef __CUDACC__
void fz_1_72_launch(const int* in, int* out) { fz_1_72<<<2, dim3(16, 8)>>>(in, out + 0, 0); }
#endif
