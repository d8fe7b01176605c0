// Two __shared__ arrays named t in two scopes of one kernel: the first is
// transposed (legal), the second walked flat across rows.
// launch: rt2_151_same_name_two_scopes 2 32x8
// expect: rewritten
__global__ void rt2_151_same_name_two_scopes(const int *in, int *out, int p) {
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    float acc = 0.0f;
    {
        __shared__ float t[32][32];
        for (int j = ty; j < 32; j += 8)
            t[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
        __syncthreads();
        acc += t[tx][ty];
    }
    {
        __shared__ float t[8][32];
        t[ty][tx] = (float)(in[blockIdx.x * 256 + tid + 2048] & 4095);
        __syncthreads();
        acc += 2.0f * t[0][(tid * 3) & 255];
    }
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_151_same_name_two_scopes<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
