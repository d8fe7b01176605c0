struct fz_27_7_v2 { int v[2]; };
__global__ void fz_27_7(const int* __restrict__ in, int* __restrict__ out, int p)
{
    __shared__ fz_27_7_v2 pairs[64];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * 16 + tx;
    for (int i = tid; i < 64; i += 128) {
        pairs[i].v[0] = (int)(in[(i * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
        pairs[i].v[1] = (int)(in[((i + 64) * 7 + (int)blockIdx.x * 13) & 4095] & 1023);
    }
    __syncthreads();
    int acc = pairs[(tx * 16 + ty) % 64].v[0];
    const int r = 1 + tid % 62;
    { const int &x = pairs[r].v[1]; acc += x * 3 + pairs[r].v[0]; }
    out[blockIdx.x * 128 + tid] = acc;
}
#ifdef __CUDACC__
void fz_27_7_launch(const int* in, int* out) { fz_27_7<<<2, dim3(16, 8)>>>(in, out, 0); }
#endif
