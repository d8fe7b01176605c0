__device__ int fz_27_4_mix(int *t, int i, int phase)
{
    __shared__ int fz_27_4_carry[256];
    int v = t[i];
    if (phase == 0) fz_27_4_carry[i] = v;
    else v += 3 * fz_27_4_carry[(i + 1) % 256];
    return v;
}
__global__ void fz_27_4(const int* __restrict__ in, int* __restrict__ out, int p)
{
    __shared__ int a[256];
    __shared__ int b[256];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 16 + tx;
    a[tid] = (int)(in[(tid * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    b[(tid * 8) % 256 + (tid * 8) / 256] = (int)(in[((tid + 256) * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    __syncthreads();
    int acc = fz_27_4_mix(a, (tid * 8) % 256 + (tid * 8) / 256, 0);
    __syncthreads();
    acc += fz_27_4_mix(b, tid, 1);
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void fz_27_4_launch(const int* in, int* out) { fz_27_4<<<2, dim3(16, 16)>>>(in, out, 0); }
#endif
