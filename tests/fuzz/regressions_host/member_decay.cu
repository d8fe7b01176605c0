struct fz_27_2_v2 { int v[2]; };
__global__ void fz_27_2(const int* __restrict__ in, int* __restrict__ out, int p)
{
    __shared__ fz_27_2_v2 pairs[128];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 64 + tx;
    for (int i = tid; i < 128; i += 128) {
        pairs[i].v[0] = (int)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
        pairs[i].v[1] = (int)(in[((i + 128) * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    }
    __syncthreads();
    int acc = pairs[(tx * 16 + ty) % 128].v[0];
    const int r = 1 + tid % 126;
    { const int *q = &pairs[r].v[0]; acc += q[tx % 4]; }
    out[blockIdx.x * 128 + tid] = acc;
}
#ifdef __CUDACC__
void fz_27_2_launch(const int* in, int* out) { fz_27_2<<<2, dim3(64, 2)>>>(in, out, 0); }
#endif
